import { LATENCY_BOUNDS_MS, type MetricsWindow } from '../contract/latencyHistogram';
import type { ServingModel } from './servingModel';

/*
 * The serving counts in Prometheus' text format, at TF-Serving's path
 * (/monitoring/prometheus/metrics), so a site's existing Prometheus or Grafana can scrape the agent
 * without an adapter. The latency buckets are the same fixed bounds the server merges.
 */

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

export function prometheusText(totals: MetricsWindow, model: ServingModel | null): string {
  const lines: string[] = [
    '# HELP maru_agent_requests_total Predict requests since the agent started.',
    '# TYPE maru_agent_requests_total counter',
    `maru_agent_requests_total ${totals.requests}`,
    '# HELP maru_agent_request_errors_total Predict requests that failed.',
    '# TYPE maru_agent_request_errors_total counter',
    `maru_agent_request_errors_total ${totals.errors}`,
    '# HELP maru_agent_request_duration_ms Predict request latency in milliseconds.',
    '# TYPE maru_agent_request_duration_ms histogram',
  ];
  let cumulative = 0;
  LATENCY_BOUNDS_MS.forEach((bound, i) => {
    cumulative += totals.latency[i] ?? 0;
    lines.push(`maru_agent_request_duration_ms_bucket{le="${bound}"} ${cumulative}`);
  });
  cumulative += totals.latency[LATENCY_BOUNDS_MS.length] ?? 0;
  lines.push(`maru_agent_request_duration_ms_bucket{le="+Inf"} ${cumulative}`);
  lines.push(`maru_agent_request_duration_ms_count ${cumulative}`);
  lines.push('# HELP maru_agent_predictions_total Predictions returned, by label.');
  lines.push('# TYPE maru_agent_predictions_total counter');
  for (const [label, count] of Object.entries(totals.classCounts).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`maru_agent_predictions_total{label="${escapeLabel(label)}"} ${count}`);
  }
  lines.push('# HELP maru_agent_model_info The model serving now (1), with its id and version.');
  lines.push('# TYPE maru_agent_model_info gauge');
  if (model) {
    lines.push(
      `maru_agent_model_info{model="${escapeLabel(model.modelId)}",version="${escapeLabel(model.version)}"} 1`,
    );
  }
  return `${lines.join('\n')}\n`;
}
