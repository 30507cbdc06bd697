import type { ReactNode } from 'react';

/** One titled part of the booking form (dates, guests, meals…), labelled by its heading. */
export function BookingSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className="booking-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="booking-section__title">
        {title}
      </h2>
      {lead ? <p className="muted">{lead}</p> : null}
      {children}
    </section>
  );
}
