/** Restaurant dates are stored dd-mm-yyyy (spec 001 §3.2); the date widgets exchange 'YYYY-MM-DD'. */
export function ddmmyyyyToIso(date: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : date;
}

export function isoToDdmmyyyy(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : date;
}

/** dd-mm-yyyy dates in calendar order, without duplicates. */
export function sortDdmmyyyy(dates: readonly string[]): string[] {
  return [...new Set(dates.map(ddmmyyyyToIso))].sort().map(isoToDdmmyyyy);
}
