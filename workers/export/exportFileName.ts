/** The export's file name; its own module so the page names the file without loading fflate. */

/** `{project}_dataset_{timestamp}.zip` (spec section 9), timestamp YYYYMMDDHHmmss in local time. */
export function exportFileName(project: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
  const safe = project.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'project';
  return `${safe}_dataset_${stamp}.zip`;
}
