/**
 * Heading-order problems in a rendered page (for tests): the first heading must be the only h1,
 * and no level may be skipped on the way down (h1 → h2 → h3).
 */
export function headingOrderProblems(container: ParentNode): string[] {
  const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
  const problems: string[] = [];
  if (levels[0] !== 1) problems.push(`first heading is h${levels[0] ?? '-'}`);
  if (levels.filter((l) => l === 1).length !== 1) problems.push('not exactly one h1');
  levels.forEach((level, i) => {
    const prev = levels[i - 1];
    if (prev !== undefined && level > prev + 1) problems.push(`h${prev} followed by h${level}`);
  });
  return problems;
}
