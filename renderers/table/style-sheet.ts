import { useInsertionEffect } from 'react';

/**
 * Adds `css` to the document once, as `<style id={id}>` in the head, and keeps it there. A style element per mount
 * (or per ribbon) makes the browser re-collect the features of every active sheet, Blueprint's included, each time
 * the list mounts; the rules do not change, so they are added with the first table and stay.
 */
export function useStyleSheet(id: string, css: string): void {
  useInsertionEffect(() => {
    if (typeof document === 'undefined' || document.getElementById(id)) return;
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
  }, [id, css]);
}
