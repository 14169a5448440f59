import { EventEmitter } from 'node:events';
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { VersionFile } from '@pitboss/contract/schemas';
import { ROOT_PACKAGE_JSON } from '../../paths';

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(ROOT_PACKAGE_JSON, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/**
 * The version the server serves: the built console's `version.json`, written at each build.
 * The file is watched, so a rebuild while the server runs tells open consoles to reload.
 */
export class VersionService extends EventEmitter<{ change: [string] }> {
  private currentVersion: string;
  private readonly file: string;

  constructor(consoleDir: string) {
    super();
    this.file = path.join(consoleDir, 'version.json');
    this.currentVersion = this.read();
  }

  get current(): string {
    return this.currentVersion;
  }

  start(intervalMs = 1000): void {
    watchFile(this.file, { interval: intervalMs }, () => this.refresh());
  }

  stop(): void {
    unwatchFile(this.file);
  }

  refresh(): void {
    const next = this.read();
    if (next !== this.currentVersion) {
      this.currentVersion = next;
      this.emit('change', next);
    }
  }

  private read(): string {
    try {
      return VersionFile.parse(JSON.parse(readFileSync(this.file, 'utf8'))).version;
    } catch {
      return packageVersion();
    }
  }
}
