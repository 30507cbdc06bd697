import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.component';
import { TextField } from '../../../components/ui/text-field.component';
import { useTranslation } from '../../../lib/i18n';
import { localizePath } from '../../../lib/language';
import { useLanguage } from '../../../lib/use-language.hook';
import { ListPager } from './list-pager.component';
import { StaffPage } from './staff-page.component';

export type StaffColumn<Row> = {
  header: ReactNode;
  /** Figures, aligned right. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
};

/**
 * A console list: the heading with the button that creates a new one, a search
 * form (the text search `q` and the list's own filters), the rows as a table
 * whose first cell links to the row's own page and heads the row, or a line
 * saying there are none, and the pager. On a phone the table reads as one card
 * per row, each fact under its column's heading (staff.css), so no column is
 * pushed off the screen.
 */
export function StaffTablePage<Row extends { id: string }>({
  title,
  newLink,
  search,
  filters,
  rows,
  rowHeader,
  columns,
  rowTestId,
  empty,
  nextPageToken,
}: {
  title: string;
  newLink: { to: string; label: string };
  search: { id: string; label: string; query: string };
  filters?: ReactNode;
  rows: Row[];
  rowHeader: {
    header: ReactNode;
    /** The row's own page, before localizing. */
    to: (row: Row) => string;
    label: (row: Row) => ReactNode;
    /** A quieter line under the link, such as the id. */
    note: (row: Row) => ReactNode;
  };
  columns: StaffColumn<Row>[];
  rowTestId?: string;
  empty: string;
  nextPageToken: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const numberClass = (column: StaffColumn<Row>) => (column.numeric ? 'staff-table__number' : undefined);
  return (
    <StaffPage
      title={title}
      actions={
        <Link className={buttonClassName()} to={localizePath(newLink.to, language)}>
          {newLink.label}
        </Link>
      }
    >
      <Form method="get" className="staff-search" role="search">
        <TextField id={search.id} name="q" type="search" label={search.label} defaultValue={search.query} />
        {filters}
        <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
          {t('staff:search')}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="staff-empty">{empty}</p>
      ) : (
        <div className="staff-table-wrap staff-table-wrap--cards">
          <table className="staff-table staff-table--cards">
            <thead>
              <tr>
                <th scope="col">{rowHeader.header}</th>
                {columns.map((column, i) => (
                  <th key={i} scope="col" className={numberClass(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={rowTestId}>
                  <th scope="row">
                    <Link to={localizePath(rowHeader.to(row), language)}>{rowHeader.label(row)}</Link>
                    <span className="staff-table__id">{rowHeader.note(row)}</span>
                  </th>
                  {columns.map((column, i) => (
                    <td key={i} className={numberClass(column)}>
                      {/* The column's heading, shown beside the fact when the row is a card (screen readers have the header). */}
                      <span className="staff-table__label" aria-hidden="true">
                        {column.header}
                      </span>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager nextPageToken={nextPageToken} />
    </StaffPage>
  );
}
