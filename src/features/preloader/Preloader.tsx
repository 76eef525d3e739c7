import React from 'react';
import styled, { keyframes } from 'styled-components';
import type { Brand } from '../../domain/links';
import { iconUrl } from '../../site/icons';
import { useCountriesSettled } from '../countries/CountriesProvider';
import { useIconCycle } from './useIconCycle';
import { usePreloader } from './usePreloader';

/** The cupis sequence: football, hockey, basketball, tennis. */
export const CUPIS_ICONS = [1, 2, 3, 4].map((n) => `preloader/cupis-${n}.svg`);

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
  const visible = usePreloader(useCountriesSettled());
  const icon = useIconCycle(CUPIS_ICONS.length, visible && brand === 'cupis');
  if (!visible) return null;
  return (
    <Overlay id="preloader" role="status" aria-label={label} $brand={brand} data-testid="preloader">
      {brand === 'cupis' ? (
        <img src={iconUrl(CUPIS_ICONS[icon])} alt="" width={96} height={96} data-icon={icon} />
      ) : (
        <img src={iconUrl(`preloader/${brand}.svg`)} alt="" width={96} height={96} />
      )}
    </Overlay>
  );
}
