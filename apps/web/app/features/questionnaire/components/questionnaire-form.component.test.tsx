import type { BookingQuestionnaire } from '@yado/contract/questionnaire.contract';
import type { Language } from '@yado/contract/headers';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../../lib/i18n';
import { QuestionnaireForm } from './questionnaire-form.component';

const at = { year: 2027, month: 1, day: 7, hours: 2, minutes: 0, seconds: 0, nanos: 0, utcOffset: '+00:00' };

function questionnaire(over: Partial<BookingQuestionnaire> = {}): BookingQuestionnaire {
  return {
    bookingId: 'b1',
    bookingNumber: 'B1000001',
    houseGroupName: 'Kazahana Villa',
    checkinDate: { year: 2027, month: 1, day: 5 },
    checkoutDate: { year: 2027, month: 1, day: 7 },
    questionnaireId: 'qn',
    title: 'How was it?',
    description: '',
    questions: [
      { id: 'r', type: 'RATING', required: true, text: 'Overall <b>bold</b>', choices: [] },
      { id: 'c', type: 'SINGLE_CHOICE', required: true, text: 'Again?', choices: [{ id: 'y', label: 'Yes' }] },
      { id: 't', type: 'FREE_TEXT', required: false, text: 'Else?', choices: [] },
    ],
    answered: false,
    answeredAt: null,
    answers: [],
    openUntil: at,
    ...over,
  } as BookingQuestionnaire;
}

function render(q: BookingQuestionnaire, language: Language = 'en'): string {
  const page = () => <QuestionnaireForm questionnaire={q} />;
  const prefix = language === 'ja' ? '/ja' : '';
  const TestRouter = createRoutesStub([{ path: '/:lang?/mypage/bookings/b1/questionnaire', Component: page }]);
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <TestRouter initialEntries={[`${prefix}/mypage/bookings/b1/questionnaire`]} />
    </TranslationProvider>,
  );
}

describe('QuestionnaireForm', () => {
  it('renders five ratings, the choices and a text box, with question texts as text, never HTML', () => {
    const html = render(questionnaire());
    expect(html.match(/type="radio"/g)).toHaveLength(6);
    expect(html).toContain('aria-label="4 of 5"');
    expect(html).toContain('Overall &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<textarea');
    expect(html).toContain('Send answers');
  });

  it('reads the answers back once answered, in Japanese', () => {
    const html = render(
      questionnaire({
        answered: true,
        answeredAt: at,
        answers: [
          { questionId: 'r', rating: 4, choiceId: null, text: null },
          { questionId: 'c', rating: null, choiceId: 'y', text: null },
        ],
      }),
      'ja',
    );
    expect(html).toContain('5段階中4');
    expect(html).toContain('Yes');
    expect(html).toContain('未回答');
    expect(html).not.toContain('<textarea');
  });
});
