/** A market's notices as a landing carries them: the age line first, the helpline as links, the brand's operator. */
import { marketContext, noticeParts, siteLabel } from '../../../src/domain/markets';

const texts = {
  'footer.responsible': 'Responsible gaming',
  'notice.age': '{age}+. Gambling is prohibited for anyone under {age}.',
  'notice.risk': 'Gambling can be addictive.',
  'notice.help': 'Help: {name}, {phone}, {site}.',
  'notice.health': 'Call {phone}.',
  'notice.operator': 'Operator: {operator}.',
  'notice.operatorLicence': 'Operator: {operator}, licence {licence}.',
};

const helpline = { name: 'Helpline', phone: '0800 1 37 27 00', tel: '+498001372700', site: 'https://www.check-dein-spiel.de/' };

test('a market without notices shows the age line alone, in the footer, without a heading', () => {
  expect(marketContext({ consent: 'opt-out' }, texts)).toEqual({
    consent: 'opt-out',
    notices: {
      place: 'footer',
      title: null,
      lines: [{ kind: 'age', parts: [{ text: '18+. Gambling is prohibited for anyone under 18.' }] }],
    },
  });
});

test("a market's lines follow the age line in the table's order, the helpline's number and site as links", () => {
  const market = marketContext({ consent: 'opt-in', notices: { place: 'offer', age: 21, lines: ['help', 'risk'], helpline } }, texts);
  expect(market.notices.place).toBe('offer');
  expect(market.notices.title).toBe('Responsible gaming');
  expect(market.notices.lines).toEqual([
    { kind: 'age', parts: [{ text: '21+. Gambling is prohibited for anyone under 21.' }] },
    {
      kind: 'help',
      parts: [
        { text: 'Help: Helpline, ' },
        { text: '0800 1 37 27 00', href: 'tel:+498001372700' },
        { text: ', ' },
        { text: 'check-dein-spiel.de', href: 'https://www.check-dein-spiel.de/' },
        { text: '.' },
      ],
    },
    { kind: 'risk', parts: [{ text: 'Gambling can be addictive.' }] },
  ]);
});

test("the operator's line names the licence when the table gives one", () => {
  const line = (operator: { name: string; licence?: string }) =>
    marketContext({ consent: 'none', notices: { place: 'footer', age: 18, lines: [], operator } }, texts).notices.lines[1];
  expect(line({ name: 'Zenit' })).toEqual({ kind: 'operator', parts: [{ text: 'Operator: Zenit.' }] });
  expect(line({ name: 'Zenit', licence: '123/2025' })).toEqual({
    kind: 'operator',
    parts: [{ text: 'Operator: Zenit, licence 123/2025.' }],
  });
});

test('a placeholder at either end of a text, and a site as a visitor reads it', () => {
  expect(noticeParts('{phone}', { phone: { text: '1', href: 'tel:+1' } })).toEqual([{ text: '1', href: 'tel:+1' }]);
  expect(noticeParts('{name} {phone}', { name: { text: 'A' }, phone: { text: '1', href: 'tel:+1' } })).toEqual([
    { text: 'A ' },
    { text: '1', href: 'tel:+1' },
  ]);
  expect(siteLabel('https://www.joueurs-info-service.fr/')).toBe('joueurs-info-service.fr');
  expect(siteLabel('https://check-dein-spiel.de')).toBe('check-dein-spiel.de');
});
