import type { ComponentChildren } from 'preact';
import { SessionContext } from '../session/context';
import { Link } from './Link';

/** The signed-in frame: skip link, navigation, the account and sign-out, then the page. */
const NAV = [
  { href: '/', label: 'Overview', active: (p: string) => p === '/' },
  { href: '/agents', label: 'Agents', active: (p: string) => p.startsWith('/agents') },
  { href: '/executions', label: 'Executions', active: (p: string) => p.startsWith('/executions') },
  { href: '/waiting', label: 'Waiting', active: (p: string) => p === '/waiting' },
  { href: '/settings', label: 'Settings', active: (p: string) => p.startsWith('/settings') },
];

export function Shell({ path, children }: { path: string; children: ComponentChildren }) {
  return (
    <SessionContext.Consumer>
      {(state) => (
        <div class="shell">
          <a class="skip-link" href="#main">
            Skip to content
          </a>
          <aside class="sidebar">
            <div class="brand">
              <span class="brand-mark" aria-hidden="true">
                ◆
              </span>
              <span>Agent Automation</span>
            </div>
            <nav aria-label="Main">
              <ul>
                {NAV.map((item) => (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      class={`nav-link${item.active(path) ? ' active' : ''}`}
                      aria-current={item.active(path) ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div class="account-box">
              <p class="account-name">{state!.session.account.name}</p>
              <p class="muted small">
                {state!.session.user.email} · {state!.session.user.role}
              </p>
              <button type="button" class="btn btn-small" onClick={() => void state!.signOut()}>
                Sign out
              </button>
            </div>
          </aside>
          <main id="main" class="content" tabIndex={-1}>
            {children}
          </main>
        </div>
      )}
    </SessionContext.Consumer>
  );
}
