import React from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import { belowTheFold } from '../../components/below-the-fold';
import { iconUrl } from './icons';

/** Spec 3's payment systems and their own names, which are the badges' alt text in every language. */
export const PAYMENT_SYSTEMS: Record<string, string> = {
  alfabank: 'Alfa-Bank',
  bitcoin: 'Bitcoin',
  cryptopay: 'Cryptopay',
  ecopayz: 'ecoPayz',
  ethereum: 'Ethereum',
  mastercard: 'Mastercard',
  mir: 'Mir',
  mobilepay: 'MobilePay',
  perfectmoney: 'Perfect Money',
  piastrix: 'Piastrix',
  qiwi: 'QIWI',
  tether: 'Tether',
  visa: 'Visa',
  webmoney: 'WebMoney',
  yandex: 'Yandex Pay',
  youmoney: 'YooMoney',
};

const Section = styled(PageSection)`
  ${belowTheFold(170)}
  h2 {
    font-size: 1.2rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  img {
    display: block;
    width: 64px;
    height: 40px;
  }
`;

export function PaymentIcons({ title, systems }: { title: string; systems: readonly string[] }) {
  return (
    <Section aria-labelledby="payments-title">
      <h2 id="payments-title">{title}</h2>
      <ul>
        {systems.map((system) => (
          <li key={system}>
            <img
              src={iconUrl(`payments/${system}.svg`)}
              alt={PAYMENT_SYSTEMS[system]}
              width={64}
              height={40}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
