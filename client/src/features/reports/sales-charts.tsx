import { formatPrice } from '@apotheca/contract';
import type { SalesReport } from '@apotheca/contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { cellClasses } from '../../components/ui/data-table';
import { formatCalendarDate } from '../../lib/calendar-date';
import { countLabel } from '../../lib/count-label';
import { ChartFigure } from './chart-figure';

// The sales report's three charts (recharts: SVG drawn by React, so nothing is fetched and no
// inline <style> is inserted; docs/decisions/0075). Each is told apart by shape and label as well
// as colour: revenue is bars, orders a line with dots, and every bar has its name and figure beside it.

const INK = '#0f172a';
const MUTED = '#475569';
const REVENUE = '#0f766e';
const ORDERS = '#b45309';
const GRID = '#e2e8f0';
const AXIS_TEXT = { fill: MUTED, fontSize: 12 };

/** "27 Nov": a day of the axis, short, in the reader's language; the day is UTC, as the report's. */
const SHORT_DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
/** "$1.2K": an axis's dollars, compact. */
const COMPACT_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

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
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={daily} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS_TEXT} minTickGap={16} />
            <YAxis
              yAxisId="revenue"
              tickFormatter={(dollars: number) => COMPACT_DOLLARS.format(dollars)}
              tick={AXIS_TEXT}
              width={52}
            />
            <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={AXIS_TEXT} width={40} />
            <Legend wrapperStyle={{ fontSize: 13, color: INK }} />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              name="Revenue ($, bars)"
              fill={REVENUE}
              isAnimationActive={false}
            />
            <Line
              yAxisId="orders"
              dataKey="orders"
              name="Orders (line)"
              stroke={ORDERS}
              strokeWidth={2}
              dot={{ r: 2.5, fill: ORDERS }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      }
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

/** A horizontal bar per row, its name on the axis and its figure at the bar's end. */
function LabelledBars({ rows, nameWidth }: { rows: { name: string; value: number }[]; nameWidth: number }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis type="category" dataKey="name" tick={AXIS_TEXT} width={nameWidth} interval={0} />
        <Bar dataKey="value" fill={REVENUE} isAnimationActive={false}>
          <LabelList dataKey="value" position="right" fill={INK} fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
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
