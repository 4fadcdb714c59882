import { buildOnce } from './cli/cli-harness.js';

export default function setup(): void {
  buildOnce();
}
