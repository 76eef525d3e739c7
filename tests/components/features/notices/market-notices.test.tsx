/**
 * Each market's notices on its landings, from the shipped tables: beside the offer and set apart where the
 * market's table says so, in the footer otherwise, in the landing's language. The expected texts are
 * written by hand from what the regulators ask.
 */
import { render, screen, within } from '@testing-library/react';
import path from 'node:path';
import React from 'react';
import LandingTemplate from '../../../../src/templates/landing';
import { loadSite } from '../../../../tables/load';
import { indexLandings, landingContext } from '../../../../gatsby/page-context/page-contexts';

jest.mock('../../../../src/features/registration/calls/country', () => ({ fetchCountries: () => new Promise(() => undefined) }));
jest.mock('../../../../src/main-site/account', () => ({ fetchAccountData: () => new Promise(() => undefined), isLoggedIn: () => false }));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const site = loadSite(path.resolve(__dirname, '../../../../data'), NOW);
const index = indexLandings(site.landings, site.tables, NOW);

function renderLanding(name: string) {
  const landing = site.landings.find((l) => `${l.brand}/${l.country}/${l.slug}` === name)!;
  const pageContext = landingContext(landing, site.tables, index);
  render(<LandingTemplate {...({ pageContext } as any)} />);
}

/** The block beside the offer: a complementary landmark named by its heading, right after the offer. */
function offerNotices(name: string): HTMLElement {
  const block = screen.getByRole('complementary', { name });
  expect(document.getElementById('offer')!.nextElementSibling).toBe(block);
  return block;
}

const lines = (block: HTMLElement) => [...block.querySelectorAll('p')].map((line) => line.textContent);

beforeEach(() => jest.useFakeTimers({ now: NOW }));
afterEach(() => jest.useRealTimers());

test('Germany: the ban on minors, the risk of addiction and the BZgA helpline, beside the offer', async () => {
  renderLanding('zenit/de/bonus20000');
  const block = offerNotices('Verantwortungsvolles Spielen');
  expect(lines(block)).toEqual([
    '18+. Glücksspiel ist erst ab 18 Jahren erlaubt, für Minderjährige verboten.',
    'Glücksspiel kann süchtig machen. Spielen Sie verantwortungsbewusst.',
    'Hilfe und Beratung: BZgA-Telefonberatung, 0800 1 37 27 00, check-dein-spiel.de.',
  ]);
  expect(within(block).getByRole('link', { name: '0800 1 37 27 00' })).toHaveAttribute('href', 'tel:+498001372700');
  expect(within(block).getByRole('link', { name: 'check-dein-spiel.de' })).toHaveAttribute('href', 'https://www.check-dein-spiel.de/');
  expect(within(await screen.findByRole('contentinfo')).queryByText(/18\+/)).not.toBeInTheDocument();
});

test('France: the health warning with Joueurs Info Service, set apart from the offer', () => {
  renderLanding('zenbet/fr/bonus20000');
  const block = offerNotices('Jeu responsable');
  expect(lines(block)).toEqual([
    "18+. Les jeux d'argent sont interdits aux moins de 18 ans.",
    'Jouer comporte des risques : endettement, isolement, dépendance. Pour être aidé, appelez le 09 74 75 13 13 (appel non surtaxé) – Joueurs Info Service, joueurs-info-service.fr.',
  ]);
  expect(within(block).getByRole('link', { name: '09 74 75 13 13' })).toHaveAttribute('href', 'tel:+33974751313');
  expect(within(document.getElementById('offer')!).queryByText(/Joueurs Info Service/)).not.toBeInTheDocument();
});

test("Brazil: 18+, the ban on minors and the brand's operator, beside the offer", () => {
  renderLanding('zenbet/br/bonus35000_betgold');
  expect(lines(offerNotices('Jogo responsável'))).toEqual([
    '18+. Proibido para menores de 18 anos.',
    'Jogos de apostas podem causar dependência. Jogue com responsabilidade.',
    'Operador: ZenBet.',
  ]);
});

test('a market without notices: the age line alone, in the footer, in the landing’s language', async () => {
  renderLanding('zenbet/ae/bonus30000');
  expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  const footer = within(await screen.findByRole('contentinfo'));
  expect(footer.getByText('18+. يُحظر القمار على من هم دون 18 عامًا.')).toBeInTheDocument();
  expect(footer.queryByRole('heading')).not.toBeInTheDocument();
});
