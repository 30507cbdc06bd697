/** What is left of an offer's exclusive period, as the countdown shows it: "29:05", or "1:02:03" past an hour. */
export function remainingText(untilMs: number, nowMs: number): string {
  const total = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Whether the dates make a stay one can wait for: both chosen, the check-out after the check-in, none past. */
export function datesChosen(checkin: string, checkout: string, today: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(checkin) &&
    /^\d{4}-\d{2}-\d{2}$/.test(checkout) &&
    checkin >= today &&
    checkout > checkin
  );
}
