import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, setCsrfToken, whenUnauthorized, type Session } from './api';
import { AgentDetailPage } from './pages/AgentDetail';
import { AgentsPage, NewAgentPage } from './pages/Agents';
import { ExecutionDetailPage } from './pages/ExecutionDetail';
import { ExecutionsPage } from './pages/Executions';
import { OverviewPage } from './pages/Overview';
import { SettingsPage } from './pages/Settings';
import { SetPasswordPage, SignInPage } from './pages/SignIn';
import { match, navigate, useLocation } from './router';
import { SessionContext } from './session';
import { Link, Loading } from './ui';
import './styles.css';

const PUBLIC = new Set(['/sign-in', '/setup-password']);

function signInPath(): string {
  const here = location.pathname + location.search;
  const next = here.startsWith('/dashboard') && !here.startsWith('/dashboard/sign-in') ? here : '';
  return next && next !== '/dashboard/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in';
}

function App() {
  const loc = useLocation();
  const [session, setSession] = useState<Session | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const next = await api<Session>('GET', '/session', undefined, { quiet401: true });
      setCsrfToken(next.csrf_token);
      setSession(next);
    } catch {
      setCsrfToken('');
      setSession(null);
    }
  }, []);

  useEffect(() => {
    whenUnauthorized(() => {
      setCsrfToken('');
      setSession(null);
    });
    void refresh();
  }, [refresh]);

  const isPublic = PUBLIC.has(loc.path);
  useEffect(() => {
    if (session === null && !isPublic) navigate(signInPath(), { replace: true });
  }, [session, isPublic]);

  const signedIn = (next: Session) => {
    setCsrfToken(next.csrf_token);
    setSession(next);
    const target = loc.search.get('next');
    navigate(target && target.startsWith('/dashboard/') ? target : '/', { replace: true });
  };

  const signOut = async () => {
    try {
      await api('DELETE', '/session', undefined, { quiet401: true });
    } finally {
      setCsrfToken('');
      setSession(null);
      navigate('/sign-in', { replace: true });
    }
  };

  if (loc.path === '/sign-in') return <SignInPage onSignedIn={signedIn} />;
  if (loc.path === '/setup-password') return <SetPasswordPage onSignedIn={signedIn} />;
  if (!session) return <Loading />;

  return (
    <SessionContext.Provider value={{ session, refresh, signOut }}>
      <Shell path={loc.path}>
        <Page path={loc.path} search={loc.search} />
      </Shell>
    </SessionContext.Provider>
  );
}

function Page({ path, search }: { path: string; search: URLSearchParams }) {
  let params: Record<string, string> | null;
  if (path === '/') return <OverviewPage />;
  if (path === '/agents') return <AgentsPage />;
  if (path === '/agents/new') return <NewAgentPage />;
  if ((params = match('/agents/:id', path))) return <AgentDetailPage id={params.id} />;
  if (path === '/executions') return <ExecutionsPage search={search} />;
  if ((params = match('/executions/:id', path))) return <ExecutionDetailPage id={params.id} />;
  if (path === '/settings') return <SettingsPage />;
  return (
    <div class="empty">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Back to the overview</Link>
      </p>
    </div>
  );
}

const NAV = [
  { href: '/', label: 'Overview', active: (p: string) => p === '/' },
  { href: '/agents', label: 'Agents', active: (p: string) => p.startsWith('/agents') },
  { href: '/executions', label: 'Executions', active: (p: string) => p.startsWith('/executions') },
  { href: '/settings', label: 'Settings', active: (p: string) => p.startsWith('/settings') },
];

function Shell({ path, children }: { path: string; children: preact.ComponentChildren }) {
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

render(<App />, document.getElementById('app')!);
