import type { Language } from '@yado/contract/headers';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { StaffTablePage } from './staff-table-page.component';

type Row = { id: string; name: string; count: number };

function render(rows: Row[], { language = 'en' as Language, search = '', nextPageToken = '' } = {}): string {
  const page = () => (
    <StaffTablePage
      title="Things"
      newLink={{ to: '/staff/things/new', label: 'New thing' }}
      search={{ id: 'thing-query', label: 'Name', query: 'cedar' }}
      filters={<select name="kind" aria-label="Kind" />}
      rows={rows}
      rowTestId="thing-row"
      empty="No things."
      rowHeader={{
        header: 'Thing',
        to: (r) => `/staff/things/${encodeURIComponent(r.id)}`,
        label: (r) => r.name,
        note: (r) => r.id,
      }}
      columns={[{ header: 'Count', numeric: true, cell: (r) => r.count }]}
      nextPageToken={nextPageToken}
    />
  );
  const prefix = language === 'ja' ? '/ja' : '';
  // React Router's own in-memory router for tests: the page reads its URL and builds links with it.
  const TestRouter = createRoutesStub([{ path: '/:lang?/staff/things', Component: page }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${prefix}/staff/things${search}`]} />
    </TranslationProvider>,
  );
}

describe('StaffTablePage', () => {
  it('says there are none, without a table, when there are no rows', () => {
    const html = render([]);
    expect(html).toContain('<p class="staff-empty">No things.</p>');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('staff-pager');
  });

  it('heads each row with a link to its page and the quiet note, and aligns figures right', () => {
    const html = render([
      { id: 'a/1', name: 'Cedar', count: 3 },
      { id: 'b', name: 'Pine', count: 12 },
    ]);
    expect(html).toContain('<th scope="col">Thing</th><th scope="col" class="staff-table__number">Count</th>');
    expect(html).toContain(
      '<tr data-testid="thing-row"><th scope="row"><a href="/staff/things/a%2F1" data-discover="true">Cedar</a>' +
        '<span class="staff-table__id">a/1</span></th><td class="staff-table__number">' +
        '<span class="staff-table__label" aria-hidden="true">Count</span>3</td></tr>',
    );
    expect(html.match(/data-testid="thing-row"/g)).toHaveLength(2);
    // Cards on a phone (staff.css): each fact carries its heading.
    expect(html).toContain('<table class="staff-table staff-table--cards">');
    expect(html).not.toContain('staff-empty');
  });

  it('searches by q with the list’s own filters before the button', () => {
    const html = render([]);
    const form = /<form[^>]*role="search"[^>]*>(.*?)<\/form>/.exec(html)?.[1] ?? '';
    expect(form).toMatch(/<input id="thing-query"[^>]*type="search" name="q" value="cedar"\/>/);
    expect(form.indexOf('name="kind"')).toBeGreaterThan(form.indexOf('name="q"'));
    expect(form.indexOf('name="kind"')).toBeLessThan(form.indexOf('<button type="submit"'));
  });

  it('links in the page’s language and pages on by the API’s token', () => {
    const html = render([{ id: 'c', name: 'Cedar', count: 1 }], { language: 'ja', nextPageToken: 'tok' });
    expect(html).toContain('href="/ja/staff/things/new"');
    expect(html).toContain('href="/ja/staff/things/c"');
    expect(html).toContain('href="/ja/staff/things?page=tok"');
  });
});
