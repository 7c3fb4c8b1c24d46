// The shared scenarios in Firefox ESR (drivers/firefox.ts).
import { launchFirefox } from './drivers/firefox';
import { engineScenarios } from './scenarios';

engineScenarios('firefox', launchFirefox);
