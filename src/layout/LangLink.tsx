// A link inside the app that keeps the current language (?lang=es) on the way.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { newVisit } from '../page-history.ts';

export function withLang(href: string, language: string) {
  return language === 'en' ? href : `${href}?lang=${language}`;
}

export function LangLink({ to, children, onClick }: { to: string; children: ReactNode; onClick?: () => void }) {
  const { i18n } = useTranslation();
  return (
    <Link href={withLang(to, i18n.language)} state={newVisit()} onClick={onClick}>
      {children}
    </Link>
  );
}
