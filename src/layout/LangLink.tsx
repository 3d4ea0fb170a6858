// A link inside the app that keeps the current language (?lang=es) on the way.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { newVisit } from '../page-history.ts';

/** The href with ?lang= (or &lang= after a query of its own) unless the language is English, the default. */
export function withLang(href: string, language: string) {
  return language === 'en' ? href : `${href}${href.includes('?') ? '&' : '?'}lang=${language}`;
}

interface LangLinkProps {
  to: string;
  children: ReactNode;
  onClick?: () => void;
  className?: string;
}

export function LangLink({ to, children, onClick, className }: LangLinkProps) {
  const { i18n } = useTranslation();
  return (
    <Link href={withLang(to, i18n.language)} state={newVisit()} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}
