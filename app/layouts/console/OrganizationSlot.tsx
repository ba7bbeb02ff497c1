/** Where the organization switcher sits in the console header. */
export function OrganizationSlot() {
  return null;
}
