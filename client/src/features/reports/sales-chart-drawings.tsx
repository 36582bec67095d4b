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

// The sales report's drawings (recharts: SVG drawn by React, so nothing is fetched and no inline
// <style> is inserted; docs/decisions/0075), in a chunk of their own that the overview fetches beside
// its report (sales-charts.tsx). Each is told apart by shape and label as well as colour: revenue is
// bars, orders a line with dots, and every bar has its name and figure beside it.

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

/** Revenue (bars, left axis) and orders (a line with dots, right axis) of each day of the window. */
export function DailySalesDrawing({ daily }: { daily: SalesReport['daily'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={daily} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        {/* The plot's inner padding keeps the first and last day's bar and dot off the axis lines. */}
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={AXIS_TEXT}
          minTickGap={16}
          padding={{ left: 8, right: 8 }}
        />
        <YAxis
          yAxisId="revenue"
          tickFormatter={(dollars: number) => COMPACT_DOLLARS.format(dollars)}
          tick={AXIS_TEXT}
          width={52}
        />
        <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={AXIS_TEXT} width={40} />
        <Legend wrapperStyle={{ fontSize: 13, color: INK }} />
        <Bar yAxisId="revenue" dataKey="revenue" name="Revenue ($, bars)" fill={REVENUE} isAnimationActive={false} />
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
  );
}

/** A horizontal bar per row, its name on the axis and its figure at the bar's end. */
export function LabelledBars({ rows, nameWidth }: { rows: { name: string; value: number }[]; nameWidth: number }) {
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
