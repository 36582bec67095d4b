import { formatPrice } from '@apotheca/contract';
import type { SalesReport } from '@apotheca/contract';
import { lazy } from 'react';
import { cellClasses } from '../../components/ui/data-table';
import { formatCalendarDate } from '../../lib/calendar-date';
import { countLabel } from '../../lib/count-label';
import { ChartFigure } from './chart-figure';

// The sales report's three charts, each with its figures as a sentence and a table. recharts is most of
// the overview's code, so the drawings come in a chunk of their own (sales-chart-drawings.tsx), asked for
// when the overview opens: the figures show as soon as the report answers, and each chart is drawn
// once its library is in (docs/decisions/0131).
const drawings = () => import('./sales-chart-drawings');
/** Starts fetching the charts' drawings, for a page about to show them. */
export const loadChartDrawings = () => void drawings();
const DailySalesDrawing = lazy(() => drawings().then((module) => ({ default: module.DailySalesDrawing })));
const LabelledBars = lazy(() => drawings().then((module) => ({ default: module.LabelledBars })));

const orderCount = (count: number) => countLabel(count, 'order');

/** Revenue (bars, left axis) and orders (a line with dots, right axis) of each day of the window. */
export function DailySalesChart({ report }: { report: SalesReport }) {
  const { daily, totals, from, to } = report;
  const best = daily.reduce((top, day) => (day.revenue > top.revenue ? day : top), daily[0]!);
  return (
    <ChartFigure
      title={`Revenue and orders, last ${report.days} days`}
      summary={
        <>
          {/* Revenue counts only the paid orders not canceled; the count is every order placed. */}
          {orderCount(totals.orders)} placed, {formatPrice(totals.revenue)} revenue from the paid ones,{' '}
          {formatCalendarDate(from)} to {formatCalendarDate(to)} (UTC days).{' '}
          {best.revenue > 0 ? `Best day: ${formatCalendarDate(best.date)}, ${formatPrice(best.revenue)}.` : null}
        </>
      }
      chart={<DailySalesDrawing daily={daily} />}
      table={{
        caption: `Revenue and orders per day, ${formatCalendarDate(from)} to ${formatCalendarDate(to)}`,
        columns: [{ label: 'Day' }, { label: 'Orders', align: 'right' }, { label: 'Revenue', align: 'right' }],
        children: daily.map((day) => (
          <tr key={day.date}>
            <th scope="row" className={`${cellClasses()} font-normal`}>
              {formatCalendarDate(day.date)}
            </th>
            <td className={cellClasses('right')}>{day.orders}</td>
            <td className={cellClasses('right')}>{formatPrice(day.revenue)}</td>
          </tr>
        )),
      }}
    />
  );
}

/** The window's orders by their status now, every status listed. */
export function OrdersByStatusChart({ report }: { report: SalesReport }) {
  return (
    <ChartFigure
      title="Orders by status"
      summary={report.byStatus.map(({ status, orders }) => `${status}: ${orders}`).join(', ')}
      chart={
        <LabelledBars
          rows={report.byStatus.map(({ status, orders }) => ({ name: status, value: orders }))}
          nameWidth={84}
        />
      }
      table={{
        caption: `Orders of the last ${report.days} days by status`,
        columns: [{ label: 'Status' }, { label: 'Orders', align: 'right' }],
        children: report.byStatus.map(({ status, orders }) => (
          <tr key={status}>
            <th scope="row" className={`${cellClasses()} font-normal`}>
              {status}
            </th>
            <td className={cellClasses('right')}>{orders}</td>
          </tr>
        )),
      }}
    />
  );
}

/** A name cut to fit the axis of a phone; the table and the summary keep it whole. */
const axisName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

/** The medicines sold most in the window's paid orders, by units. */
export function TopMedicinesChart({ report }: { report: SalesReport }) {
  const top = report.topMedicines;
  const [first] = top;
  return (
    <ChartFigure
      title="Top medicines by units sold"
      summary={
        first
          ? `Best seller: ${first.name}, ${countLabel(first.units, 'unit')} (${formatPrice(first.revenue)}).`
          : 'No paid order in these days.'
      }
      chart={
        first ? (
          <LabelledBars
            rows={top.map((medicine) => ({ name: axisName(medicine.name), value: medicine.units }))}
            nameWidth={108}
          />
        ) : null
      }
      table={{
        caption: `The medicines sold most in the last ${report.days} days`,
        columns: [{ label: 'Medicine' }, { label: 'Units', align: 'right' }, { label: 'Revenue', align: 'right' }],
        children: top.map((medicine) => (
          <tr key={medicine._id ?? medicine.name}>
            <th scope="row" className={`${cellClasses()} whitespace-normal font-normal`}>
              {medicine.name}
            </th>
            <td className={cellClasses('right')}>{medicine.units}</td>
            <td className={cellClasses('right')}>{formatPrice(medicine.revenue)}</td>
          </tr>
        )),
      }}
    />
  );
}
