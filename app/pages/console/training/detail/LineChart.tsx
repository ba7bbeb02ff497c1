import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** A CSS colour the canvas understands (hex). */
  color: string;
  /** One value per x, null where there is none (a gap). */
  values: (number | null)[];
  dash?: boolean;
}

/** A point drawn over the lines with its own label (the best threshold, say). */
export interface ChartMarker {
  x: number;
  y: number;
  label: string;
}

export interface LineChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Ascending x values, shared by every series. */
  x: number[];
  series: ChartSeries[];
  /** Fixed scales (0–1 for accuracies); free when left out. */
  xRange?: [number, number];
  yRange?: [number, number];
  height?: number;
  marker?: ChartMarker | null;
  /** How x and y values read in the hidden data table. */
  formatX?: (v: number) => string;
  formatY?: (v: number | null) => string;
  'data-testid'?: string;
}

const MARKER_COLOR = '#d53f8c';

/**
 * A line chart on uPlot (small, canvas-drawn, fast with thousands of points). The figures are also
 * in a visually hidden table, for screen readers and where no canvas exists. The chart is created
 * when the series change and only fed new data otherwise, so a live chart redraws without flicker.
 */
export function LineChart({
  title,
  xLabel,
  yLabel,
  x,
  series,
  xRange,
  yRange,
  height = 220,
  marker = null,
  formatX = String,
  formatY = (v) => (v == null ? '—' : v.toFixed(4)),
  'data-testid': testId,
}: LineChartProps) {
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const markerRef = useRef(marker);
  markerRef.current = marker;
  const data: uPlot.AlignedData = [x, ...series.map((s) => s.values)];
  const shape = series.map((s) => `${s.label}|${s.color}|${s.dash ? 1 : 0}`).join(',');
  const ranges = JSON.stringify([xRange, yRange, height, xLabel, yLabel]);

  useEffect(() => {
    const element = target.current;
    if (!element || !canDraw()) return undefined;
    const axisColor = getComputedStyle(element).color || '#666';
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      scales: {
        x: { time: false, ...(xRange ? { range: xRange } : {}) },
        y: yRange ? { range: yRange } : {},
      },
      axes: [
        { label: xLabel, stroke: axisColor, grid: { stroke: 'rgba(128,128,128,0.15)' } },
        { label: yLabel, stroke: axisColor, grid: { stroke: 'rgba(128,128,128,0.15)' } },
      ],
      series: [
        { label: xLabel },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          ...(s.dash ? { dash: [6, 4] } : {}),
          points: { show: x.length <= 60 },
          spanGaps: false,
        })),
      ],
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [(u) => drawMarker(u, markerRef.current)] },
    };
    const instance = new uPlot(options, data, element);
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.setSize({ width: Math.max(200, element.clientWidth), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      instance.destroy();
      chart.current = null;
    };
    // Created again only when its shape changes; data arrives through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape, ranges]);

  useEffect(() => {
    chart.current?.setData(data);
  });

  return (
    <Box data-testid={testId}>
      <Text fontWeight="600" fontSize="sm" mb="1">
        {title}
      </Text>
      <Box ref={target} w="full" minH={`${height}px`} color="fg.muted" aria-hidden />
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>{xLabel}</th>
              {series.map((s) => (
                <th key={s.label}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {x.map((value, i) => (
              <tr key={i}>
                <td>{formatX(value)}</td>
                {series.map((s) => (
                  <td key={s.label}>{formatY(s.values[i] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

/** Whether this page can draw on a canvas (a test DOM cannot: the hidden table still holds the figures). */
function canDraw(): boolean {
  if (typeof ResizeObserver === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function drawMarker(u: uPlot, marker: ChartMarker | null): void {
  if (!marker) return;
  const cx = u.valToPos(marker.x, 'x', true);
  const cy = u.valToPos(marker.y, 'y', true);
  const ctx = u.ctx;
  const ratio = devicePixelRatio || 1;
  ctx.save();
  ctx.fillStyle = MARKER_COLOR;
  ctx.beginPath();
  ctx.arc(cx, cy, 5 * ratio, 0, Math.PI * 2);
  ctx.fill();
  ctx.font = `${12 * ratio}px sans-serif`;
  ctx.textBaseline = 'bottom';
  const right = cx + 8 * ratio + ctx.measureText(marker.label).width < u.bbox.left + u.bbox.width;
  ctx.textAlign = right ? 'left' : 'right';
  ctx.fillText(marker.label, cx + (right ? 8 : -8) * ratio, cy - 4 * ratio);
  ctx.restore();
}
