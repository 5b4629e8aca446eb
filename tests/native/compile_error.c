/* Does not compile: ravel must show the compiler's diagnostic, exit 2. */
int main(void)
{
    return undeclared_identifier_xyz;
}
