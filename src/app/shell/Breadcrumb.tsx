import { Breadcrumb as Crumb, Classes, type BreadcrumbProps } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { breadcrumbTrail, isEmbedPath } from '../routes/paths';
import { breadcrumbLabel } from '../routes/screens';

/**
 * The breadcrumb built from the path segments (spec 1 §2): a crumb that names a screen has the screen's label.
 * None in the embedded view, which shows only the workspace name and the language selector (spec 1 §2).
 */
export const Breadcrumb = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (isEmbedPath(pathname)) return null;
  const trail = breadcrumbTrail(pathname);
  const items: BreadcrumbProps[] = trail.map((crumb, index) => ({
    text: t(breadcrumbLabel(crumb.path) ?? `breadcrumb.${crumb.segment}`, { defaultValue: crumb.segment }),
    current: index === trail.length - 1,
    // A real link (Enter follows it, the browser can open it elsewhere); a plain click stays in the app.
    ...(index === trail.length - 1 ? {} : {
      href: crumb.path,
      onClick: (event: MouseEvent<HTMLElement>) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(crumb.path);
      },
    }),
  }));
  // Paths have at most a few segments: all shown, in a plain list (Blueprint's Breadcrumbs puts its overflow
  // spacer, a div, inside the <ol>: axe's `list` rule).
  return (
    <nav className="cm-breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol className={Classes.BREADCRUMBS}>
        {items.map((item, index) => <li key={index}><Crumb {...item} /></li>)}
      </ol>
    </nav>
  );
};
