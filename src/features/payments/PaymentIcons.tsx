import React from 'react';
import styled from 'styled-components';
import { PageSection } from '../../components/PageSection';
import alfabank from '../../assets/payments/alfabank.svg';
import bitcoin from '../../assets/payments/bitcoin.svg';
import cryptopay from '../../assets/payments/cryptopay.svg';
import ecopayz from '../../assets/payments/ecopayz.svg';
import ethereum from '../../assets/payments/ethereum.svg';
import mastercard from '../../assets/payments/mastercard.svg';
import mir from '../../assets/payments/mir.svg';
import mobilepay from '../../assets/payments/mobilepay.svg';
import perfectmoney from '../../assets/payments/perfectmoney.svg';
import piastrix from '../../assets/payments/piastrix.svg';
import qiwi from '../../assets/payments/qiwi.svg';
import tether from '../../assets/payments/tether.svg';
import visa from '../../assets/payments/visa.svg';
import webmoney from '../../assets/payments/webmoney.svg';
import yandex from '../../assets/payments/yandex.svg';
import youmoney from '../../assets/payments/youmoney.svg';

/** Spec 3's payment systems: the badge and the system's own name, which is its alt text in every language. */
export const PAYMENT_SYSTEMS: Record<string, { src: string; name: string }> = {
  alfabank: { src: alfabank, name: 'Alfa-Bank' },
  bitcoin: { src: bitcoin, name: 'Bitcoin' },
  cryptopay: { src: cryptopay, name: 'Cryptopay' },
  ecopayz: { src: ecopayz, name: 'ecoPayz' },
  ethereum: { src: ethereum, name: 'Ethereum' },
  mastercard: { src: mastercard, name: 'Mastercard' },
  mir: { src: mir, name: 'Mir' },
  mobilepay: { src: mobilepay, name: 'MobilePay' },
  perfectmoney: { src: perfectmoney, name: 'Perfect Money' },
  piastrix: { src: piastrix, name: 'Piastrix' },
  qiwi: { src: qiwi, name: 'QIWI' },
  tether: { src: tether, name: 'Tether' },
  visa: { src: visa, name: 'Visa' },
  webmoney: { src: webmoney, name: 'WebMoney' },
  yandex: { src: yandex, name: 'Yandex Pay' },
  youmoney: { src: youmoney, name: 'YooMoney' },
};

const Section = styled(PageSection)`
  h2 {
    font-size: 1.2rem;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
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
            <img src={PAYMENT_SYSTEMS[system].src} alt={PAYMENT_SYSTEMS[system].name} width={64} height={40} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
    </Section>
  );
}
