/**
 * The operator's time zone: where owner statements, invoices, financial statements and NAC lending are
 * dated, where the staff console's times are read, and the zone a new house group starts in. The one
 * place it is set; a house group's or a place's own zone (`timezone`) decides its nights, meals and
 * keys. The operator runs houses in Japan, which keeps no daylight saving.
 */
export const OPERATOR_TIME_ZONE = 'Asia/Tokyo';
