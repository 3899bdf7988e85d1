/**
 * A filled line chart (colour #4e7397, smooth line, points of radius 4), drawn with recharts.
 * Only the sales screens import it, so the chart library is in the back office's chunks only.
 */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const LINE = '#4e7397';

export type ChartPoint = { label: string; value: number };

export function LineChartCard({
  data,
  name,
  format,
  height = 260,
}: {
  data: ChartPoint[];
  name: string;
  format?: (v: number) => string;
  height?: number;
}) {
  return (
    // Time runs left to right in every language; the chart keeps LTR inside an RTL page.
    <div dir="ltr" style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e2d9" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#5f5a52' }} interval="preserveStartEnd" />
          <YAxis
            tick={{ fontSize: 12, fill: '#5f5a52' }}
            width={72}
            allowDecimals={false}
            tickFormatter={(v: number) =>
              format
                ? format(v)
                    .replace(/[\u2068\u2069]/g, '')
                    .replace(/\s?MAD$/, '')
                : String(v)
            }
          />
          <Tooltip formatter={(v) => [format ? format(Number(v)) : String(v), name]} />
          <Area
            type="monotone"
            dataKey="value"
            name={name}
            stroke={LINE}
            fill={LINE}
            fillOpacity={0.15}
            strokeWidth={2}
            dot={{ r: 4, fill: LINE }}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
