import type { LinkedAccountRow } from '@pitboss/contract';
import { Alert, Card, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CheckFilters, drillLink } from '../check-filters';
import { useLinkedAccountsQuery } from '../queries/use-linked-accounts-query';

const WIDTH = 520;
const HEIGHT = 400;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;
/** Radius of the ring of hop-1 and of hop-2 members. */
const RING = { 1: 105, 2: 175 } as const;

interface Node {
  id: string;
  hop: 0 | 1 | 2;
  x: number;
  y: number;
  row?: LinkedAccountRow;
}

interface Edge {
  from: Node;
  to: Node;
  ip: boolean;
  device: boolean;
  strength: number;
}

/**
 * Lays the seed in the centre, hop-1 members evenly on the inner ring and hop-2 members on the outer
 * ring in the order of the hop-1 member they are linked through (so each sits near it). Edges: seed to
 * each hop-1 member, each hop-2 member to its hop-1 member (`Via`).
 */
export function layout(seed: string, rows: LinkedAccountRow[]): { nodes: Node[]; edges: Edge[] } {
  const center: Node = { id: seed, hop: 0, x: CX, y: CY };
  const place = (hop: 1 | 2, row: LinkedAccountRow, i: number, n: number): Node => {
    const angle = -Math.PI / 2 + (2 * Math.PI * (i + (hop === 2 ? 0.5 : 0))) / Math.max(n, 1);
    return { id: row.MemberID, hop, row, x: CX + RING[hop] * Math.cos(angle), y: CY + RING[hop] * Math.sin(angle) };
  };
  const first = rows.filter((r) => r.Hop === 1);
  const hop1 = first.map((r, i) => place(1, r, i, first.length));
  const order = new Map(hop1.map((n, i) => [n.id, i]));
  const second = rows
    .filter((r) => r.Hop === 2)
    .sort((a, b) => (order.get(a.Via) ?? first.length) - (order.get(b.Via) ?? first.length));
  const hop2 = second.map((r, i) => place(2, r, i, second.length));
  const byId = new Map([center, ...hop1].map((n) => [n.id, n]));
  const edge = (from: Node, to: Node): Edge => ({
    from,
    to,
    ip: (to.row?.SharedIPs.length ?? 0) > 0,
    device: (to.row?.SharedDevices.length ?? 0) > 0,
    strength: to.row?.Strength ?? 1,
  });
  const edges = [
    ...hop1.map((n) => edge(center, n)),
    ...hop2.flatMap((n) => {
      const via = byId.get(n.row?.Via ?? '');
      return via ? [edge(via, n)] : [];
    }),
  ];
  return { nodes: [center, ...hop1, ...hop2], edges };
}

const FILL = ['#cf1322', '#1677ff', '#8c8c8c'];

/**
 * The accounts linked to one member as a graph (issue 19): members as nodes, a shared IP (solid line)
 * or device (dashed) as edges, one hop and two, the seed member highlighted. Each node is a link to
 * that member's overview (Tab reaches it, Enter opens it). The list beside it is the text alternative.
 */
export function LinkedAccountsGraph({ filters, seed }: { filters: CheckFilters; seed: string }) {
  const { t } = useTranslation('check-tools');
  const navigate = useNavigate();
  const query = useLinkedAccountsQuery({
    Start: filters.range[0].format('YYYY-MM-DD'),
    End: filters.range[1].format('YYYY-MM-DD'),
    MemberIDs: [seed],
  });
  const title = t('memberOverview.graph', { member: seed });
  const rows = query.data?.rows ?? [];
  const { nodes, edges } = layout(seed, rows);
  const open = (id: string) => drillLink('/check-tool/member-overview', filters, { MemberIDs: id });
  return (
    <Card size="small" title={title} data-testid="linked-accounts-graph" style={{ marginBottom: 16 }}>
      {query.isError ? (
        <Alert type="error" showIcon title={t('memberOverview.graphError')} />
      ) : query.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={t('memberOverview.graphEmpty')} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" id="linked-graph-help">
            {t('memberOverview.graphHelp', { member: seed })}{' '}
            {(query.data?.total ?? 0) > rows.length
              ? t('memberOverview.graphShown', { shown: rows.length, total: query.data?.total })
              : ''}
          </Typography.Paragraph>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            style={{ width: '100%', maxWidth: WIDTH, display: 'block' }}
            aria-labelledby="linked-graph-title"
            aria-describedby="linked-graph-help"
          >
            <title id="linked-graph-title">{title}</title>
            {edges.map((e) => (
              <line
                key={`${e.from.id}>${e.to.id}`}
                x1={e.from.x}
                y1={e.from.y}
                x2={e.to.x}
                y2={e.to.y}
                stroke={e.ip ? '#595959' : '#d48806'}
                strokeWidth={1 + Math.min(e.strength, 6) / 2}
                strokeDasharray={e.ip ? undefined : '5 4'}
                opacity={0.7}
              />
            ))}
            {nodes.map((n) => {
              const label =
                n.hop === 0
                  ? t('memberOverview.graphSeed', { member: n.id })
                  : t('memberOverview.graphNode', { member: n.id, hop: n.hop, strength: n.row?.Strength ?? 0 });
              return (
                <a
                  key={n.id}
                  href={open(n.id)}
                  aria-label={label}
                  data-testid={`graph-node-${n.id}`}
                  data-hop={n.hop}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(open(n.id));
                  }}
                >
                  <title>{label}</title>
                  <circle
                    cx={n.x}
                    cy={n.y}
                    r={n.hop === 0 ? 16 : 10}
                    fill={FILL[n.hop]}
                    stroke={n.hop === 0 ? '#ffccc7' : '#fff'}
                    strokeWidth={n.hop === 0 ? 4 : 2}
                  />
                  <text
                    x={n.x}
                    y={n.y + (n.hop === 0 ? 30 : 22)}
                    textAnchor="middle"
                    fontSize={n.hop === 0 ? 13 : 11}
                    fontWeight={n.hop === 0 ? 600 : 400}
                    fill="currentColor"
                  >
                    {n.id.length > 14 ? `${n.id.slice(0, 13)}…` : n.id}
                  </text>
                </a>
              );
            })}
          </svg>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <span style={{ color: FILL[0] }}>●</span> {t('memberOverview.legendSeed')}{' '}
            <span style={{ color: FILL[1] }}>●</span> {t('memberOverview.legendHop1')}{' '}
            <span style={{ color: FILL[2] }}>●</span> {t('memberOverview.legendHop2')} — {t('memberOverview.legendIp')}{' '}
            · {t('memberOverview.legendDevice')}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
