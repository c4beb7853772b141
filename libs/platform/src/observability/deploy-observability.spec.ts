import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { metricsRegistry } from './metrics-registry';

const ROOT = resolve(import.meta.dirname, '../../../..');
// js-yaml (a dev dependency of deploy/check.mjs) ships no types.
const yaml = createRequire(import.meta.url)('js-yaml') as { loadAll(text: string): unknown[] };

// Issue 23: what deploy/ ships reads what the services export.
describe('deploy/ observability files', () => {
  it('the Grafana dashboard queries only metrics the process registers', async () => {
    const dashboard = JSON.parse(readFileSync(resolve(ROOT, 'deploy/grafana/trackside-dashboard.json'), 'utf8')) as {
      panels: Array<{ targets?: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(exprs.length).toBeGreaterThan(10);
    const registered = new Set((await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name));
    const used = new Set(exprs.flatMap((expr) => expr.match(/\b(trackside|nodejs)_\w+/g) ?? []));
    for (const name of used) expect(registered.has(name.replace(/_(bucket|count|sum)$/, '')), name).toBe(true);
  });

  it('every Kubernetes Deployment has startup, liveness and readiness probes and the metrics port', () => {
    const documents = yaml.loadAll(readFileSync(resolve(ROOT, 'deploy/kubernetes/trackside.yaml'), 'utf8')) as Array<{
      kind: string;
      spec: { template?: { spec: { containers: Array<Record<string, { httpGet?: { path: string } } | unknown>> } } };
    }>;
    const deployments = documents.filter((document) => document.kind === 'Deployment');
    expect(deployments).toHaveLength(5);
    for (const deployment of deployments) {
      const container = deployment.spec.template!.spec.containers[0]!;
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(container[probe], probe).toBeDefined();
      expect(JSON.stringify(container.ports)).toContain('9464');
    }
    const paths = deployments.map(
      (deployment) => (deployment.spec.template!.spec.containers[0]!.readinessProbe as { httpGet: { path: string } }).httpGet.path,
    );
    expect(paths.every((path) => path === '/health/ready')).toBe(true);
  });
});
