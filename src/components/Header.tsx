import React from 'react';
import styled from 'styled-components';
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
  font-size: 1.5rem;
  font-weight: 800;
  letter-spacing: 0.02em;
  color: ${({ theme }) => theme.text};
  text-decoration: none;
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
  brandName: string;
  homeHref: string;
  homeLabel: string;
  login?: { href: string; label: string };
  register?: { href: string; label: string };
  navLabel?: string;
}

export function Header({ brandName, homeHref, homeLabel, login, register, navLabel }: HeaderProps) {
  return (
    <Bar>
      <Logo href={homeHref} aria-label={homeLabel}>
        {brandName}
      </Logo>
      {(login || register) && (
        <Actions aria-label={navLabel}>
          {login && (
            <Small href={login.href} $variant="secondary">
              {login.label}
            </Small>
          )}
          {register && <Small href={register.href}>{register.label}</Small>}
        </Actions>
      )}
    </Bar>
  );
}
