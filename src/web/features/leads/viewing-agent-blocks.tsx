import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ViewingBlock, ViewingBlocks } from '@web/components/viewing-blocks';
import { viewingBlocksTexts as t } from '@web/i18n/viewing-settings';
import { apiRequest } from '@web/lib/api-client';

const key = (agentId: string) => ['viewings', 'agent-blocks', agentId] as const;

/** On /MyDay beside the agent's hours: the times she takes no viewings in (add and remove). */
export function ViewingAgentBlocks({ agentId }: { agentId: string }) {
  const client = useQueryClient();
  const blocks = useQuery({
    queryKey: key(agentId),
    queryFn: async () =>
      (
        await apiRequest<{ data: { blocks: ViewingBlock[] } }>(
          `/agents/${encodeURIComponent(agentId)}/viewing-availability`,
        )
      ).data.blocks,
  });
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm" data-testid="viewing-agent-blocks">
      {blocks.isError ? (
        <p role="alert">{t.loadFailure}</p>
      ) : (
        <ViewingBlocks
          title={t.agentTitle}
          headingLevel="h2"
          blocks={blocks.data ?? []}
          addPath={`/agents/${encodeURIComponent(agentId)}/viewing-blocks`}
          onChanged={() => client.invalidateQueries({ queryKey: key(agentId) })}
        />
      )}
    </div>
  );
}
