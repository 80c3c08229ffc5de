import type { ReactNode } from 'react';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/document-title';

/** A page body with its heading; also sets the document title. */
export function Page({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useDocumentTitle(`${title} | ${he.brand}`);
  return (
    <div className={`mx-auto w-full px-4 py-8 ${wide ? 'max-w-7xl' : 'max-w-5xl'}`}>
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{title}</h1>
      {children}
    </div>
  );
}
