import type { ReactNode } from 'react';

/** The narrow card of the pages that sign a visitor in or give them back their account. */
export function AuthCard({
  headingId,
  heading,
  lead,
  children,
}: {
  headingId: string;
  heading: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section className="page page--auth" aria-labelledby={headingId}>
      <div className="card">
        <h1 id={headingId} className="card__title">
          {heading}
        </h1>
        <p className="card__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
