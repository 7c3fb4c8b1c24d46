// The shared scenarios in WebKit, Safari's engine, as WebKitGTK's MiniBrowser (drivers/webkit.ts).
import { launchWebKit } from './drivers/webkit';
import { engineScenarios } from './scenarios';

engineScenarios('webkit', launchWebKit);
