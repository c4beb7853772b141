export { startMarketplace, type RunningMarketplace } from './start-all-in-one';
export { loadAllInOneConfig, type AllInOneConfig } from './all-in-one-config';
