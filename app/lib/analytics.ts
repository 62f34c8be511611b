/** Periods (days) the admin analytics page offers; shared by the page and the server query. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
