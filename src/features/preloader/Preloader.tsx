import React from 'react';
import styled, { keyframes } from 'styled-components';
import cupisBall from '../../assets/preloader/cupis-1.svg';
import cupisPuck from '../../assets/preloader/cupis-2.svg';
import cupisBasket from '../../assets/preloader/cupis-3.svg';
import cupisTennis from '../../assets/preloader/cupis-4.svg';
import zenbetMark from '../../assets/preloader/zenbet.svg';
import zenitMark from '../../assets/preloader/zenit.svg';
import type { Brand } from '../../domain/links';
import { useCountries } from '../countries/CountriesProvider';
import { useIconCycle } from './useIconCycle';
import { usePreloader } from './usePreloader';

export const CUPIS_ICONS = [cupisBall, cupisPuck, cupisBasket, cupisTennis];
const BRAND_MARK: Record<Exclude<Brand, 'cupis'>, string> = { zenit: zenitMark, zenbet: zenbetMark };

/** If the page's script never runs, the static overlay still steps aside after a few seconds. */
const giveUp = keyframes`
  to { opacity: 0; visibility: hidden; }
`;

const Overlay = styled.div<{ $brand: Brand }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  background: ${({ $brand, theme }) => ($brand === 'cupis' ? '#0a2463' : theme.background)};
  animation: ${giveUp} 0.2s linear 8s forwards;

  img {
    width: 96px;
    height: 96px;
  }
`;

export function Preloader({ brand, label }: { brand: Brand; label: string }) {
  const { status } = useCountries();
  const visible = usePreloader(status !== 'loading');
  const icon = useIconCycle(CUPIS_ICONS.length, visible && brand === 'cupis');
  if (!visible) return null;
  return (
    <Overlay id="preloader" role="status" aria-label={label} $brand={brand} data-testid="preloader">
      {brand === 'cupis' ? (
        <img src={CUPIS_ICONS[icon]} alt="" width={96} height={96} data-icon={icon} />
      ) : (
        <img src={BRAND_MARK[brand]} alt="" width={96} height={96} />
      )}
    </Overlay>
  );
}
