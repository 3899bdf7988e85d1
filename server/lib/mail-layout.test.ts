import { describe, expect, it } from 'vitest';
import { renderMail, userText } from './mail-layout.js';

describe('what a customer typed, in a mail', () => {
  it('is laid out as its own run: a dir="auto" span in the HTML; the text part has no isolate mark (some clients draw boxes) and no direction control', () => {
    const { html, text } = renderMail({
      locale: 'ar',
      title: `شكرًا ${userText('Sara')}`,
      paragraphs: [`الزبون: ${userText('Sara\u202E')}، ${userText('+212 6 12 34 56 78')}`, `<b>${userText('<i>x</i>')}</b>`],
    });
    expect(html).toContain('الزبون: <span dir="auto">Sara</span>، <span dir="auto">+212 6 12 34 56 78</span>');
    expect(html).toContain(
      '<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;font-weight:600;color:#262523;">شكرًا <span dir="auto">Sara</span></h1>',
    );
    // Still escaped: only the layout's own span is markup.
    expect(html).toContain('&lt;b&gt;<span dir="auto">&lt;i&gt;x&lt;/i&gt;</span>&lt;/b&gt;');
    expect(html).not.toMatch(/[\u202A-\u202E]/);
    expect(text).toContain('الزبون: Sara، +212 6 12 34 56 78');
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('French mails', () => {
  it('keep their punctuation on the line of its word (no-break spaces), in the HTML and the text', () => {
    const { html, text } = renderMail({
      locale: 'fr',
      title: 'Merci pour votre commande !',
      paragraphs: ['Total : 450,00 MAD', 'Message : « Joyeux anniversaire »', `Notes : ${userText('Bonjour !')}`],
      button: { label: 'Suivre ma commande', url: 'https://flora.ma/x?y=1' },
    });
    for (const part of [html, text]) {
      expect(part).toContain('Merci pour votre commande\u202f!');
      expect(part).toContain('Total\u00a0: 450,00 MAD');
      expect(part).toContain('«\u00a0Joyeux anniversaire\u00a0»');
    }
    // What someone typed stays as typed.
    expect(html).toContain('Notes\u00a0: <span dir="auto">Bonjour !</span>');
    expect(text).toContain('Notes\u00a0: Bonjour !');
    expect(text).toContain('https://flora.ma/x?y=1');
  });
});
