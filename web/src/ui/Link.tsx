import type { ComponentChildren } from 'preact';
import { appPath, navigate } from '../router';

/** An in-app link: a real <a href> (keyboard, middle click) that navigates without reload. */
export function Link(props: {
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: 'page' | undefined;
}) {
  const href = appPath(props.href);
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return (
    <a href={href} class={props.class} onClick={onClick} aria-current={props['aria-current']}>
      {props.children}
    </a>
  );
}
