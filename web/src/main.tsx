import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { checkForUpdate } from './app/update-check';
import { cspNonce, stampStyleNonces } from './lib/csp-nonce';
import { startErrorReporting } from './lib/error-reporting';
import './app/app.css';

// Before anything renders: styles added by script get the page's CSP nonce (lib/csp-nonce.ts).
stampStyleNonces(cspNonce);
// Off unless the gateway configured a DSN (lib/error-reporting.ts); never delays the first render.
void startErrorReporting();

const root = createRoot(document.getElementById('root')!);

// Nothing renders until the update check passes (spec 000 section 4).
void checkForUpdate(__BUILD_DATE__).then((outcome) => {
  if (outcome === 'reloading') return;
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
