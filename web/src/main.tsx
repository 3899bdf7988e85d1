import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/AppRouter';
import { initI18n } from './lib/i18n';
import { settleAddressLanguage } from './lib/locale-address';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The address's language before the texts load (lib/locale-address.ts).
const basename = settleAddressLanguage();

// Texts first (French is bundled; another stored language loads in one small request), then the app.
void initI18n()
  .catch((error: unknown) => console.error('i18n failed to start', error))
  .finally(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter basename={basename} />
        </AppProviders>
      </StrictMode>,
    );
  });
