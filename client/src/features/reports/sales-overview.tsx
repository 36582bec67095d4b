import { STAFF_SCREEN_READ } from '../../lib/api';
import { SALES_REPORT_DAYS } from '@apotheca/contract';
import { useEffect } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useSalesReportQuery } from './reports.api';
import { DailySalesChart, loadChartDrawings, OrdersByStatusChart, TopMedicinesChart } from './sales-charts';

/** The sales report of the last SALES_REPORT_DAYS days as the admin overview's three charts. */
export function SalesOverview() {
  const { data, error } = useSalesReportQuery({ days: SALES_REPORT_DAYS }, STAFF_SCREEN_READ);
  // The drawings' code comes while the report is asked for, not after it has answered.
  useEffect(loadChartDrawings, []);
  if (!data) return error ? <LoadError error={error} /> : <Spinner label="Loading the sales report…" />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <DailySalesChart report={data} />
      </div>
      <OrdersByStatusChart report={data} />
      <TopMedicinesChart report={data} />
    </div>
  );
}
