import React from 'react';
import styled from 'styled-components';
import type { Brand } from '../domain/links';
import { iconUrl } from '../site/icons';
import { ButtonLink } from './Button';

const Bar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 16px;
  background: ${({ theme }) => theme.surface};
`;

const Logo = styled.a`
  display: block;
  flex: none;
  padding: 4px 0;

  img {
    display: block;
    width: 120px;
    height: 30px;
  }
`;

const Actions = styled.nav`
  display: flex;
  gap: 8px;
`;

const Small = styled(ButtonLink)`
  min-height: 44px;
  padding: 8px 14px;
  font-size: 0.95rem;
`;

export interface HeaderProps {
  brand: Brand;
  brandName: string;
  homeHref: string;
  onHomeClick?: () => void;
  homeLabel: string;
  login?: { href: string; label: string };
  register?: { href: string; label: string; onClick?: React.MouseEventHandler<HTMLAnchorElement> };
  navLabel?: string;
}

export function Header({ brand, brandName, homeHref, onHomeClick, homeLabel, login, register, navLabel }: HeaderProps) {
  return (
    <Bar>
      <Logo href={homeHref} aria-label={homeLabel} onClick={onHomeClick}>
        <img src={iconUrl(`logos/${brand}.svg`)} alt={brandName} width={120} height={30} />
      </Logo>
      {(login || register) && (
        <Actions aria-label={navLabel}>
          {login && (
            <Small href={login.href} $variant="secondary">
              {login.label}
            </Small>
          )}
          {register && (
            <Small href={register.href} onClick={register.onClick}>
              {register.label}
            </Small>
          )}
        </Actions>
      )}
    </Bar>
  );
}
