package trackside.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * A single-node OpenSearch for the search peer tests (scripts/peers/opensearch.mjs). Usage:
 * {@code SearchNode <home> <httpPort> <transportPort>}. Data and logs live under {@code home};
 * plain HTTP on 127.0.0.1, no security plugin. A shutdown hook closes the node so SIGTERM stops it
 * cleanly and a restart on the same folder finds its indexes.
 */
public final class SearchNode extends Node {
  private SearchNode(Environment environment) {
    super(environment, List.of(Netty4Plugin.class, CommonAnalysisPlugin.class), true);
  }

  public static void main(String[] args) throws Exception {
    Path home = Path.of(args[0]).toAbsolutePath();
    Path config = Files.createDirectories(home.resolve("config"));
    Settings settings =
        Settings.builder()
            .put("path.home", home.toString())
            .put("path.data", home.resolve("data").toString())
            .put("path.logs", home.resolve("logs").toString())
            .put("node.name", "trackside-peer")
            .put("cluster.name", "trackside-peer")
            .put("discovery.type", "single-node")
            .put("network.host", "127.0.0.1")
            .put("http.port", args[1])
            .put("transport.port", args[2])
            // A test machine's disk may be fuller than the default watermarks allow.
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .build();
    LogConfigurator.configureWithoutConfig(settings);
    Environment environment = InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), config, () -> "trackside-peer");
    SearchNode node = new SearchNode(environment);
    // The node's own threads are daemons: like OpenSearch's Bootstrap, keep the JVM up until SIGTERM.
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    node.close();
                  } catch (Exception error) {
                    error.printStackTrace();
                  } finally {
                    stopped.countDown();
                  }
                }));
    node.start();
    System.out.println("trackside-peer: started");
    stopped.await();
  }
}
