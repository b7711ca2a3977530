import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * Runs Kafka's command-line tools (their main classes, from the class path this JVM was started with) in one JVM, so
 * a test run does not start a JVM for every kafka-topics or kafka-storage call.
 *
 * <p>One request a line on stdin, tab-separated: an id, then base64 of UTF-8 of the main class and of each of its
 * arguments. Each request runs in a thread of its own, with its own stdout and stderr. One answer a line on the
 * process's real stdout: the id, the exit status, base64 of what the tool printed on stdout, then on stderr.
 *
 * <p>A tool ends by returning from main (status 0), by Kafka's {@code Exit.exit} / {@code Exit.halt} (whose procedure
 * here ends the tool's thread with the status it asked: the first one it asks is kept, so a tool that catches the
 * unwinding and exits again keeps its first status), by {@code System.exit} (the same, through a security manager
 * where the Java allows one: 17 with {@code -Djava.security.manager=allow}), or by an exception (status 1, printed on
 * its stderr as a JVM would). Where no security manager can be set, a tool that calls {@code System.exit} ends this
 * JVM, and its caller is told so.
 */
public final class KafkaToolServer {
  private static final class Exited extends RuntimeException {
    Exited() {
      super(null, null, false, false);
    }
  }

  /** Per tool thread (inherited by the threads it starts): its stdout, its stderr and the first exit status asked. */
  private static final class Capture {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    volatile Integer status;
  }

  private static final InheritableThreadLocal<Capture> CAPTURE = new InheritableThreadLocal<>();

  /** System.out or System.err: the current tool's buffer, or the process's stream outside any tool. */
  private static final class Router extends OutputStream {
    private final OutputStream fallback;
    private final boolean err;

    Router(OutputStream fallback, boolean err) {
      this.fallback = fallback;
      this.err = err;
    }

    private OutputStream target() {
      Capture capture = CAPTURE.get();
      return capture == null ? fallback : err ? capture.err : capture.out;
    }

    @Override
    public void write(int b) throws java.io.IOException {
      target().write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws java.io.IOException {
      target().write(bytes, offset, length);
    }
  }

  private static final Object LOCK = new Object();
  private static final Base64.Decoder DECODE = Base64.getDecoder();
  private static final Base64.Encoder ENCODE = Base64.getEncoder();

  public static void main(String[] ignored) throws Exception {
    PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    // Before any tool's class loads: Scala's Console keeps the System.out it finds when it is first used.
    System.setOut(new PrintStream(new Router(new FileOutputStream(FileDescriptor.err), false), true));
    System.setErr(new PrintStream(new Router(new FileOutputStream(FileDescriptor.err), true), true));
    interceptExit();
    interceptSystemExit();
    answers.println("ready");
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = requests.readLine()) != null; ) {
      if (line.isEmpty()) continue;
      String[] fields = line.split("\t", -1);
      String id = fields[0];
      String mainClass = decode(fields[1]);
      String[] args = Arrays.stream(fields, 2, fields.length).map(KafkaToolServer::decode).toArray(String[]::new);
      Thread tool = new Thread(() -> {
        Capture capture = new Capture();
        CAPTURE.set(capture);
        int status = run(mainClass, args, capture);
        String answer = id + "\t" + status + "\t" + ENCODE.encodeToString(capture.out.toByteArray()) + "\t"
            + ENCODE.encodeToString(capture.err.toByteArray());
        synchronized (answers) {
          answers.println(answer);
        }
      }, "kafka-tool-" + id);
      tool.start();
    }
    // The caller closed stdin: it has no more requests and reads no more answers.
    System.exit(0);
  }

  private static int run(String mainClass, String[] args, Capture capture) {
    try {
      Method main = Class.forName(mainClass).getMethod("main", String[].class);
      main.invoke(null, (Object) args);
      return capture.status == null ? 0 : capture.status;
    } catch (InvocationTargetException thrown) {
      if (capture.status != null) return capture.status;
      thrown.getCause().printStackTrace(System.err);
      return 1;
    } catch (Exited exited) {
      return capture.status;
    } catch (Throwable thrown) {
      if (capture.status != null) return capture.status;
      thrown.printStackTrace(System.err);
      return 1;
    } finally {
      System.out.flush();
      System.err.flush();
    }
  }

  /** Where Kafka's Exit lives: its clients' utils until 4.3, their internals from 4.4 (a substituted tools jar may bring the first). */
  private static final String[] EXITS = {"org.apache.kafka.common.utils.Exit", "org.apache.kafka.common.utils.internals.Exit"};

  /** Kafka's Exit (every tool's way out, the Scala ones' too): its exit and halt procedures end the calling tool. */
  private static void interceptExit() throws Exception {
    int found = 0;
    for (String name : EXITS) {
      Class<?> exit;
      try {
        exit = Class.forName(name);
      } catch (ClassNotFoundException absent) {
        continue;
      }
      Class<?> procedure = Class.forName(name + "$Procedure");
      Object ends = Proxy.newProxyInstance(procedure.getClassLoader(), new Class<?>[] {procedure}, (proxy, method, args) -> {
        if (method.getDeclaringClass() == Object.class) return method.invoke(LOCK, args);
        endTool((Integer) args[0]);
        // Not a tool's thread: nothing to end, so this JVM ends as Kafka asked.
        Runtime.getRuntime().halt((Integer) args[0]);
        return null;
      });
      exit.getMethod("setExitProcedure", procedure).invoke(null, ends);
      exit.getMethod("setHaltProcedure", procedure).invoke(null, ends);
      found++;
    }
    if (found == 0) throw new IllegalStateException("no Kafka Exit class on the class path: " + String.join(", ", EXITS));
  }

  /** Ends the calling tool as {@code Exit} does, or returns outside any tool. */
  private static void endTool(int status) {
    Capture capture = CAPTURE.get();
    if (capture == null) return;
    if (capture.status == null) capture.status = status;
    throw new Exited();
  }

  @SuppressWarnings("removal")
  private static void interceptSystemExit() {
    try {
      System.setSecurityManager(new SecurityManager() {
        @Override
        public void checkPermission(java.security.Permission permission) {}

        @Override
        public void checkPermission(java.security.Permission permission, Object context) {}

        @Override
        public void checkExit(int status) {
          endTool(status);
        }
      });
    } catch (UnsupportedOperationException | SecurityException notAllowed) {
      // A Java without security managers: a tool's System.exit ends this JVM.
    }
  }

  private static String decode(String field) {
    return new String(DECODE.decode(field), StandardCharsets.UTF_8);
  }
}
