/** Spec 4, 9: a navigation taking longer than 1 s shows a notice (Gatsby calls onRouteUpdateDelayed then). */
import { screen } from '@testing-library/react';
import React from 'react';
import { NavigationNotice } from '../../../../src/features/preloader/NavigationNotice';
import { hideNavigationNotice, showNavigationNotice } from '../../../../src/features/preloader/navigation-notice';
import { renderInPage, texts } from '../../render';

const ru = texts('ru');

test('on a landing the notice in the page language appears, then goes with the new page', () => {
  renderInPage(<NavigationNotice text={ru['preloader.slow']} />, { language: 'ru' });
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  showNavigationNotice(document);
  expect(screen.getByRole('status')).toHaveTextContent(ru['preloader.slow']);
  hideNavigationNotice(document);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a page without its own notice gets a wordless progress bar, removed afterwards', () => {
  showNavigationNotice(document);
  showNavigationNotice(document);
  expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  hideNavigationNotice(document);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});
