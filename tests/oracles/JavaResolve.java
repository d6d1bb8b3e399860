// Oracle for tests/java_resolve.rs: java.net.URI (RFC 2396) resolution.
//
// Reads lines "BASE<TAB>REFERENCE" (UTF-8) from standard input and prints,
// one line each, "OK<TAB>" + new URI(BASE).resolve(new URI(REFERENCE))
// .toString(), or "ERR<TAB>" + the exception's message.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;

public class JavaResolve {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            int tab = line.indexOf('\t');
            String base = line.substring(0, tab);
            String ref = line.substring(tab + 1);
            try {
                URI b = new URI(base);
                URI r = new URI(ref);
                out.println("OK\t" + b.resolve(r).toString());
            } catch (Exception e) {
                out.println("ERR\t" + e.getClass().getSimpleName() + ": " + String.valueOf(e.getMessage()).replace('\n', ' '));
            }
        }
        out.flush();
    }
}
