/*
 * Kept apart from previewImport.ts so that the page can use it without loading the zip reader
 * and XML parser, which belong to the worker's chunk.
 */

const labelKey = (name: string) => name.trim().toLowerCase();

/**
 * The zip's labels split into those the import would create and those the project already has,
 * matched as the server matches them (trimmed, any case). Done by the page against its current
 * label list, which may change while the zip is checked.
 */
export function splitLabels(
  labels: readonly string[],
  projectLabels: readonly string[],
): { created: string[]; existing: string[] } {
  const known = new Set(projectLabels.map(labelKey));
  return {
    created: labels.filter((name) => !known.has(labelKey(name))),
    existing: labels.filter((name) => known.has(labelKey(name))),
  };
}
