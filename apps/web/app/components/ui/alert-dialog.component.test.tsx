import type { Language } from '@yado/contract/headers';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, TranslationProvider } from '../../lib/i18n';
import { AlertDialog, type AlertDialogProps } from './alert-dialog.component';

function render(props: AlertDialogProps, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <TranslationProvider translator={getTranslator(language)}>
      <AlertDialog {...props} />
    </TranslationProvider>,
  );
}

/** The opening tag of the dialog panel (the unit tests run without a DOM). */
function dialogTag(html: string): string {
  return /<div[^>]*role="alertdialog"[^>]*>/.exec(html)?.[0] ?? '';
}

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The text of the element with this id (its markup is flat: no nested tags). */
function textOf(html: string, id: string | null): string | null {
  if (!id) return null;
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;
}

function buttonText(html: string): string | null {
  return /<button[^>]*>([^<]*)<\/button>/.exec(html)?.[1] ?? null;
}

describe('AlertDialog', () => {
  it('is a labelled, modal alert dialog with a title, a description and an OK button', () => {
    const html = render({ title: 'Registration complete', description: 'Welcome to yado.' });
    const dialog = dialogTag(html);
    expect(attribute(dialog, 'aria-modal')).toBe('true');
    expect(textOf(html, attribute(dialog, 'aria-labelledby'))).toBe('Registration complete');
    expect(textOf(html, attribute(dialog, 'aria-describedby'))).toBe('Welcome to yado.');
    expect(buttonText(html)).toBe('OK');
    expect(attribute(dialog, 'class')?.split(' ')).toContain('alert-dialog');
    expect(attribute(dialog, 'class')?.split(' ')).not.toContain('theme-light');
    // The alert dialog layer (1200), above the loading overlay.
    expect(html.startsWith('<div class="modal modal--alert-dialog">')).toBe(true);
  });

  it('has no description reference without a description, and takes another confirm label', () => {
    const html = render({ title: 'Saved', confirmLabel: 'Continue' });
    expect(attribute(dialogTag(html), 'aria-describedby')).toBeNull();
    expect(buttonText(html)).toBe('Continue');
  });

  it('labels the confirm button in the page language and can force the light theme', () => {
    const html = render({ title: '登録が完了しました', forceLightTheme: true }, 'ja');
    expect(buttonText(html)).toBe('OK');
    expect(attribute(dialogTag(html), 'class')?.split(' ')).toContain('theme-light');
  });

  it('renders nothing while closed', () => {
    expect(render({ title: 'Hidden', open: false })).toBe('');
  });
});
