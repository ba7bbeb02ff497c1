/** Company details shown in the footer (legal notice required on Korean commercial sites). */
export const company = {
  nameKey: 'company.name',
  ceoKey: 'company.ceo',
  addressKey: 'company.address',
  registrationNumber: '214-88-40517',
  mailOrderNumber: '2026-서울강남-02871',
  phone: '02-6952-1180',
  email: 'support@maru.ai',
} as const;
