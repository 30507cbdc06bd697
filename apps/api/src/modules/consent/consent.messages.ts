/*
 * What an owner receives when a question is put to them. The product keeps no language per user, so
 * the mail carries Japanese first and English after it, each with the link of its own language; a
 * push shows the Japanese text (the browser has no way to choose between the two).
 */

type QuestionNotice = {
  title: string;
  houseGroupNameEn: string;
  houseGroupNameJa: string;
  answerDeadline: Date;
  timezone: string;
  linkOrigin: string;
};

/** The owner area's questions page, in each language. */
export const CONSENTS_PATH = { en: '/owner/consents', ja: '/ja/owner/consents' } as const;

function deadlineText(at: Date, timezone: string, locale: 'en-GB' | 'ja-JP'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    year: 'numeric',
    month: locale === 'ja-JP' ? 'numeric' : 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);
}

export function questionMail(n: QuestionNotice): { subject: string; body: string } {
  return {
    subject: `【yado】オーナー様へのご質問 / A question for owners: ${n.title}`,
    body: [
      `${n.houseGroupNameJa}のオーナー様へ、運営からご質問をお送りしました。`,
      `「${n.title}」`,
      `回答期限: ${deadlineText(n.answerDeadline, n.timezone, 'ja-JP')}`,
      '次のページから内容をご確認のうえ、ご回答ください（回答は一度限りで、変更できません）。',
      `${n.linkOrigin}${CONSENTS_PATH.ja}`,
      '',
      '---',
      '',
      `The operator has a question for the owners of ${n.houseGroupNameEn}:`,
      `"${n.title}"`,
      `Answer by: ${deadlineText(n.answerDeadline, n.timezone, 'en-GB')}`,
      'Read it and answer on this page (you answer once; an answer cannot be changed):',
      `${n.linkOrigin}${CONSENTS_PATH.en}`,
    ].join('\n'),
  };
}

export function questionPush(n: QuestionNotice): { title: string; body: string; url: string } {
  return {
    title: `オーナー様へのご質問: ${n.title}`,
    body: `回答期限 ${deadlineText(n.answerDeadline, n.timezone, 'ja-JP')}`,
    url: CONSENTS_PATH.ja,
  };
}
